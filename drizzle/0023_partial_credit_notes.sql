DROP INDEX `invoices_credit_idx`;--> statement-breakpoint
ALTER TABLE `invoices` ADD `credit_reason` text;--> statement-breakpoint
CREATE INDEX `invoices_credit_idx` ON `invoices` (`credit_for`) WHERE "invoices"."kind" = 'credit_note';