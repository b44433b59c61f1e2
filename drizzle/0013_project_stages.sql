-- The order's status is the project's stage: In progress is In design, In review is Preview ready,
-- Delivered is Launched, and Changes requested and Approved are new. Hand edits to the generated
-- rebuild: the old values are mapped while copying, the generated phone_digits is not copied (it
-- is computed), and the NOCASE index is an expression, not a column name. The migrator runs with
-- foreign keys off, so dropping the old table cascades nothing.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`business_name` text NOT NULL,
	`status` text NOT NULL,
	`total_cents` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`payment_provider` text NOT NULL,
	`payment_reference` text,
	`idempotency_key` text,
	`version` integer DEFAULT 0 NOT NULL,
	`held_at` integer,
	`unproven_email` text,
	`paid_at` integer,
	`launched_at` integer,
	`live_url` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`phone_digits` text GENERATED ALWAYS AS (replace(replace(replace(replace(replace(replace("phone", '+', ''), '(', ''), ')', ''), '-', ''), '.', ''), ' ', '')) VIRTUAL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "orders_status_check" CHECK("__new_orders"."status" IN ('pending_payment', 'paid', 'intake_received', 'in_design', 'preview_ready', 'changes_requested', 'approved', 'launched', 'canceled', 'refunded')),
	CONSTRAINT "orders_payment_provider_check" CHECK("__new_orders"."payment_provider" IN ('invoice', 'stripe')),
	CONSTRAINT "orders_total_check" CHECK("__new_orders"."total_cents" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_orders`("id", "user_id", "name", "email", "phone", "business_name", "status", "total_cents", "currency", "payment_provider", "payment_reference", "idempotency_key", "version", "held_at", "unproven_email", "paid_at", "launched_at", "live_url", "created_at", "updated_at") SELECT "id", "user_id", "name", "email", "phone", "business_name", CASE "status" WHEN 'in_progress' THEN 'in_design' WHEN 'in_review' THEN 'preview_ready' WHEN 'delivered' THEN 'launched' ELSE "status" END, "total_cents", "currency", "payment_provider", "payment_reference", "idempotency_key", "version", "held_at", "unproven_email", "paid_at", "launched_at", "live_url", "created_at", "updated_at" FROM `orders`;--> statement-breakpoint
DROP TABLE `orders`;--> statement-breakpoint
ALTER TABLE `__new_orders` RENAME TO `orders`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_key_unique` ON `orders` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_created_at_idx` ON `orders` (`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_payment_reference_idx` ON `orders` (`payment_reference`);--> statement-breakpoint
CREATE INDEX `orders_email_idx` ON `orders` (`email`);--> statement-breakpoint
CREATE INDEX `orders_unproven_email_idx` ON `orders` (`unproven_email`);--> statement-breakpoint
CREATE INDEX `orders_business_name_idx` ON `orders` ("business_name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `orders_phone_digits_idx` ON `orders` (`phone_digits`);--> statement-breakpoint
UPDATE `order_events` SET `from_status` = CASE `from_status` WHEN 'in_progress' THEN 'in_design' WHEN 'in_review' THEN 'preview_ready' WHEN 'delivered' THEN 'launched' ELSE `from_status` END WHERE `from_status` IN ('in_progress', 'in_review', 'delivered');--> statement-breakpoint
UPDATE `order_events` SET `to_status` = CASE `to_status` WHEN 'in_progress' THEN 'in_design' WHEN 'in_review' THEN 'preview_ready' WHEN 'delivered' THEN 'launched' ELSE `to_status` END WHERE `to_status` IN ('in_progress', 'in_review', 'delivered');