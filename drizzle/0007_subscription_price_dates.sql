ALTER TABLE `subscriptions` ADD `next_price_from` integer;--> statement-breakpoint
CREATE INDEX `subscriptions_next_price_idx` ON `subscriptions` (`next_price_from`);