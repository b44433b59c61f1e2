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
CREATE UNIQUE INDEX `order_reviews_round_idx` ON `order_reviews` (`order_id`,`round`);