CREATE TABLE `revision_quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`rounds` integer NOT NULL,
	`unit_cents` integer NOT NULL,
	`note` text,
	`status` text NOT NULL,
	`invoice_id` text,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`answered_at` integer,
	`answered_by` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "revision_quotes_status_check" CHECK("revision_quotes"."status" IN ('open', 'accepted', 'declined')),
	CONSTRAINT "revision_quotes_rounds_check" CHECK("revision_quotes"."rounds" BETWEEN 1 AND 20),
	CONSTRAINT "revision_quotes_unit_check" CHECK("revision_quotes"."unit_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `revision_quotes_order_idx` ON `revision_quotes` (`order_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `revision_quotes_open_idx` ON `revision_quotes` (`order_id`) WHERE "revision_quotes"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX `revision_quotes_invoice_idx` ON `revision_quotes` (`invoice_id`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `note` text;