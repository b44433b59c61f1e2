ALTER TABLE `order_events` ADD `customer_note` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `phone_digits` text GENERATED ALWAYS AS (replace(replace(replace(replace(replace(replace("phone", '+', ''), '(', ''), ')', ''), '-', ''), '.', ''), ' ', '')) VIRTUAL;--> statement-breakpoint
CREATE INDEX `orders_phone_digits_idx` ON `orders` (`phone_digits`);--> statement-breakpoint
-- Steps customers always saw keep their words for them; every other existing note stays internal.
UPDATE `order_events` SET `customer_note` = `note` WHERE `note` IN ('Order placed at checkout', 'Invoice paid');
