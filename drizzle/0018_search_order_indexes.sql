DROP INDEX `invoices_email_idx`;--> statement-breakpoint
DROP INDEX `invoices_business_idx`;--> statement-breakpoint
CREATE INDEX `invoices_email_idx` ON `invoices` (`customer_email`,`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_business_idx` ON `invoices` ("customer_business" COLLATE NOCASE,`issued_at`);--> statement-breakpoint
DROP INDEX `orders_email_idx`;--> statement-breakpoint
DROP INDEX `orders_business_name_idx`;--> statement-breakpoint
DROP INDEX `orders_phone_digits_idx`;--> statement-breakpoint
CREATE INDEX `orders_email_idx` ON `orders` (`email`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_business_name_idx` ON `orders` ("business_name" COLLATE NOCASE,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_phone_digits_idx` ON `orders` (`phone_digits`,`created_at`);--> statement-breakpoint
CREATE INDEX `subscriptions_order_idx` ON `subscriptions` (`order_id`,`created_at`);