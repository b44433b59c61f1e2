CREATE TABLE `lead_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`lead_id` text NOT NULL,
	`author_id` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lead_notes_lead_idx` ON `lead_notes` (`lead_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `leads` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`phone` text,
	`business_name` text,
	`stage` text DEFAULT 'new' NOT NULL,
	`source` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "leads_stage_check" CHECK("leads"."stage" IN ('new', 'contacted', 'call_booked', 'proposal_sent', 'won', 'lost'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leads_email_unique` ON `leads` (`email`);--> statement-breakpoint
CREATE INDEX `leads_updated_at_idx` ON `leads` (`updated_at`);--> statement-breakpoint
CREATE INDEX `leads_stage_idx` ON `leads` (`stage`,`updated_at`);--> statement-breakpoint
CREATE TABLE `order_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`round` integer NOT NULL,
	`preview_url` text NOT NULL,
	`message` text,
	`posted_at` integer NOT NULL,
	`posted_by` text NOT NULL,
	`outcome` text,
	`changes` text,
	`extra_work` integer DEFAULT false NOT NULL,
	`responded_at` integer,
	`responded_by` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_reviews_outcome_check" CHECK("order_reviews"."outcome" IN ('approved', 'changes_requested'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_reviews_round_idx` ON `order_reviews` (`order_id`,`round`);--> statement-breakpoint
ALTER TABLE `orders` ADD `lead_id` text;--> statement-breakpoint
CREATE INDEX `orders_lead_idx` ON `orders` (`lead_id`);