CREATE TABLE `order_events` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`at` integer NOT NULL,
	`actor_id` text,
	`from_status` text,
	`to_status` text NOT NULL,
	`note` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_events_order_idx` ON `order_events` (`order_id`,`at`);--> statement-breakpoint
CREATE TABLE `order_items` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`sku` text NOT NULL,
	`description` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`interval` text NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_items_interval_check" CHECK("order_items"."interval" IN ('once', 'month', 'year')),
	CONSTRAINT "order_items_amount_check" CHECK("order_items"."amount_cents" = "order_items"."unit_cents" * "order_items"."quantity" AND "order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX `order_items_order_idx` ON `order_items` (`order_id`,`position`);--> statement-breakpoint
CREATE TABLE `orders` (
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
	`paid_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "orders_status_check" CHECK("orders"."status" IN ('pending_payment', 'paid', 'intake_received', 'in_progress', 'in_review', 'delivered', 'canceled', 'refunded')),
	CONSTRAINT "orders_payment_provider_check" CHECK("orders"."payment_provider" IN ('invoice', 'stripe')),
	CONSTRAINT "orders_total_check" CHECK("orders"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_key_unique` ON `orders` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_created_at_idx` ON `orders` (`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_payment_reference_idx` ON `orders` (`payment_reference`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`order_id` text,
	`description` text NOT NULL,
	`price_cents` integer NOT NULL,
	`interval` text NOT NULL,
	`status` text NOT NULL,
	`current_period_end` integer,
	`cancel_at` integer,
	`payment_reference` text,
	`created_by` text NOT NULL,
	`provider_updated_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "subscriptions_status_check" CHECK("subscriptions"."status" IN ('pending', 'active', 'past_due', 'canceling', 'canceled')),
	CONSTRAINT "subscriptions_interval_check" CHECK("subscriptions"."interval" IN ('once', 'month', 'year')),
	CONSTRAINT "subscriptions_created_by_check" CHECK("subscriptions"."created_by" IN ('checkout', 'admin')),
	CONSTRAINT "subscriptions_price_check" CHECK("subscriptions"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `subscriptions_user_idx` ON `subscriptions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `subscriptions_status_idx` ON `subscriptions` (`status`);--> statement-breakpoint
CREATE INDEX `subscriptions_payment_reference_idx` ON `subscriptions` (`payment_reference`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text,
	`before` text,
	`after` text,
	`ip` text
);
--> statement-breakpoint
INSERT INTO `__new_audit_log`("id", "at", "actor_id", "action", "entity_type", "entity_id", "before", "after", "ip") SELECT "id", "at", "actor_id", "action", "entity_type", "entity_id", "before", "after", "ip" FROM `audit_log`;--> statement-breakpoint
DROP TABLE `audit_log`;--> statement-breakpoint
ALTER TABLE `__new_audit_log` RENAME TO `audit_log`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity_type`,`entity_id`);