DROP INDEX `invoices_status_issued_idx`;--> statement-breakpoint
DROP INDEX `invoices_kind_paid_idx`;--> statement-breakpoint
CREATE INDEX `invoices_status_issued_idx` ON `invoices` (`status`,`issued_at`,`due_at`);--> statement-breakpoint
CREATE INDEX `invoices_kind_paid_idx` ON `invoices` (`kind`,`paid_at`,`status`,`paid_cents`);--> statement-breakpoint
CREATE INDEX `message_threads_agency_unread_recent_idx` ON `message_threads` (`last_message_at`) WHERE "message_threads"."unread_by_agency" > 0;