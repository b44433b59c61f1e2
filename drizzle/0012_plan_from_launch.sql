ALTER TABLE `orders` ADD `launched_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `live_url` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `started_at` integer;