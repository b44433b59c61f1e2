CREATE TABLE `address_links` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`user_id` text,
	`order_id` text,
	`email` text NOT NULL,
	`secret_hash` blob NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "address_links_purpose_check" CHECK("address_links"."purpose" IN ('verify-email', 'confirm-order'))
);
--> statement-breakpoint
CREATE INDEX `address_links_user_idx` ON `address_links` (`user_id`,`purpose`);--> statement-breakpoint
CREATE INDEX `address_links_order_idx` ON `address_links` (`order_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `held_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `unproven_email` text;--> statement-breakpoint
CREATE INDEX `orders_unproven_email_idx` ON `orders` (`unproven_email`);--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `unproven_email` text;--> statement-breakpoint
CREATE INDEX `subscriptions_unproven_email_idx` ON `subscriptions` (`unproven_email`);--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
-- Accounts that already proved their address through a mailed link (or were set up by the operator) stay proven.
UPDATE `users` SET `email_verified_at` = `updated_at` WHERE `id` IN (SELECT `entity_id` FROM `audit_log` WHERE `entity_type` = 'user' AND `action` IN ('auth.activate', 'auth.password-reset', 'account.email-change', 'admin.bootstrap', 'admin.promote'));
