CREATE INDEX `audit_log_action_idx` ON `audit_log` (`action`,`at`);--> statement-breakpoint
CREATE INDEX `orders_business_name_idx` ON `orders` ("business_name" COLLATE NOCASE);