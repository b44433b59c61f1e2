PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`purpose` text NOT NULL,
	`year` integer NOT NULL,
	`sequence` integer NOT NULL,
	`number` text NOT NULL,
	`user_id` text NOT NULL,
	`order_id` text,
	`subscription_id` text,
	`period_start` integer,
	`period_end` integer,
	`credit_for` text,
	`replaces` text,
	`credit_reason` text,
	`customer_name` text NOT NULL,
	`customer_business` text NOT NULL,
	`customer_email` text NOT NULL,
	`total_cents` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`status` text NOT NULL,
	`issued_at` integer NOT NULL,
	`due_at` integer NOT NULL,
	`paid_at` integer,
	`paid_cents` integer,
	`paid_method` text,
	`voided_at` integer,
	`void_reason` text,
	`provider_reference` text,
	`reminded_before_at` integer,
	`reminded_due_at` integer,
	`reminded_overdue_at` integer,
	`agency_told_overdue_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "invoices_kind_check" CHECK("__new_invoices"."kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "invoices_purpose_check" CHECK("__new_invoices"."purpose" IN ('build', 'deposit', 'balance', 'plan', 'revisions', 'manual', 'credit')),
	CONSTRAINT "invoices_status_check" CHECK("__new_invoices"."status" IN ('open', 'paid', 'void')),
	CONSTRAINT "invoices_paid_method_check" CHECK("__new_invoices"."paid_method" IN ('bank_transfer', 'check', 'cash', 'card')),
	CONSTRAINT "invoices_total_check" CHECK("__new_invoices"."total_cents" >= 0),
	CONSTRAINT "invoices_paid_check" CHECK("__new_invoices"."paid_cents" IS NULL OR "__new_invoices"."paid_cents" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_invoices`("id", "kind", "purpose", "year", "sequence", "number", "user_id", "order_id", "subscription_id", "period_start", "period_end", "credit_for", "credit_reason", "customer_name", "customer_business", "customer_email", "total_cents", "currency", "status", "issued_at", "due_at", "paid_at", "paid_cents", "paid_method", "voided_at", "void_reason", "provider_reference", "reminded_before_at", "reminded_due_at", "reminded_overdue_at", "agency_told_overdue_at", "created_at") SELECT "id", "kind", "purpose", "year", "sequence", "number", "user_id", "order_id", "subscription_id", "period_start", "period_end", "credit_for", "credit_reason", "customer_name", "customer_business", "customer_email", "total_cents", "currency", "status", "issued_at", "due_at", "paid_at", "paid_cents", "paid_method", "voided_at", "void_reason", "provider_reference", "reminded_before_at", "reminded_due_at", "reminded_overdue_at", "agency_told_overdue_at", "created_at" FROM `invoices`;--> statement-breakpoint
DROP TABLE `invoices`;--> statement-breakpoint
ALTER TABLE `__new_invoices` RENAME TO `invoices`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_provider_reference_unique` ON `invoices` (`provider_reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_series_idx` ON `invoices` (`kind`,`year`,`sequence`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_build_idx` ON `invoices` (`order_id`,`purpose`) WHERE "invoices"."purpose" IN ('build', 'deposit', 'balance') AND "invoices"."status" <> 'void';--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_replaces_idx` ON `invoices` (`replaces`) WHERE "invoices"."replaces" IS NOT NULL AND "invoices"."status" <> 'void';--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_plan_period_idx` ON `invoices` (`subscription_id`,`period_start`) WHERE "invoices"."purpose" = 'plan' AND "invoices"."status" <> 'void';--> statement-breakpoint
CREATE INDEX `invoices_credit_idx` ON `invoices` (`credit_for`) WHERE "invoices"."kind" = 'credit_note';--> statement-breakpoint
CREATE INDEX `invoices_user_idx` ON `invoices` (`user_id`,`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_order_idx` ON `invoices` (`order_id`);--> statement-breakpoint
CREATE INDEX `invoices_issued_idx` ON `invoices` (`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_status_due_idx` ON `invoices` (`status`,`due_at`);--> statement-breakpoint
CREATE INDEX `invoices_status_issued_idx` ON `invoices` (`status`,`issued_at`,`due_at`);--> statement-breakpoint
CREATE INDEX `invoices_kind_paid_idx` ON `invoices` (`kind`,`paid_at`,`status`,`paid_cents`);--> statement-breakpoint
CREATE INDEX `invoices_email_idx` ON `invoices` (`customer_email`,`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_business_idx` ON `invoices` ("customer_business" COLLATE NOCASE,`issued_at`);