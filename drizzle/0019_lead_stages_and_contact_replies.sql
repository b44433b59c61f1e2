-- Leads gain the 'ordered' stage (an order placed, not yet paid; 'won' is paid) and
-- awaiting_reply_since (housekeeping marks a lead lost after a set time without reply); the
-- agency's replies to contact messages get their table. Hand edit to the generated rebuild: the
-- new column is not copied from the old table, which does not have it. The migrator runs with
-- foreign keys off, so dropping the old table cascades nothing (lead_notes keeps its rows).
CREATE TABLE `contact_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`author_id` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_replies_message_idx` ON `contact_replies` (`message_id`,`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_leads` (
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
	`awaiting_reply_since` integer,
	CONSTRAINT "leads_stage_check" CHECK("__new_leads"."stage" IN ('new', 'contacted', 'call_booked', 'proposal_sent', 'ordered', 'won', 'lost'))
);
--> statement-breakpoint
INSERT INTO `__new_leads`("id", "email", "name", "phone", "business_name", "stage", "source", "version", "created_at", "updated_at") SELECT "id", "email", "name", "phone", "business_name", "stage", "source", "version", "created_at", "updated_at" FROM `leads`;--> statement-breakpoint
DROP TABLE `leads`;--> statement-breakpoint
ALTER TABLE `__new_leads` RENAME TO `leads`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `leads_email_unique` ON `leads` (`email`);--> statement-breakpoint
CREATE INDEX `leads_updated_at_idx` ON `leads` (`updated_at`);--> statement-breakpoint
CREATE INDEX `leads_stage_idx` ON `leads` (`stage`,`updated_at`);--> statement-breakpoint
CREATE INDEX `leads_awaiting_reply_idx` ON `leads` (`awaiting_reply_since`) WHERE "leads"."awaiting_reply_since" IS NOT NULL;