ALTER TABLE `orders` ADD `deposit_percent` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `balance_stage` text;