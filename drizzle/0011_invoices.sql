CREATE TABLE `invoice_counters` (
	`series` text NOT NULL,
	`year` integer NOT NULL,
	`last` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_counters_series_year_idx` ON `invoice_counters` (`series`,`year`);--> statement-breakpoint
CREATE TABLE `invoice_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`position` integer NOT NULL,
	`description` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "invoice_lines_amount_check" CHECK("invoice_lines"."amount_cents" = "invoice_lines"."unit_cents" * "invoice_lines"."quantity" AND "invoice_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX `invoice_lines_invoice_idx` ON `invoice_lines` (`invoice_id`,`position`);--> statement-breakpoint
CREATE TABLE `invoices` (
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
	CONSTRAINT "invoices_kind_check" CHECK("invoices"."kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "invoices_purpose_check" CHECK("invoices"."purpose" IN ('build', 'plan', 'credit')),
	CONSTRAINT "invoices_status_check" CHECK("invoices"."status" IN ('open', 'paid', 'void')),
	CONSTRAINT "invoices_paid_method_check" CHECK("invoices"."paid_method" IN ('bank_transfer', 'check', 'cash', 'card')),
	CONSTRAINT "invoices_total_check" CHECK("invoices"."total_cents" >= 0),
	CONSTRAINT "invoices_paid_check" CHECK("invoices"."paid_cents" IS NULL OR "invoices"."paid_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_provider_reference_unique` ON `invoices` (`provider_reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_series_idx` ON `invoices` (`kind`,`year`,`sequence`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_build_idx` ON `invoices` (`order_id`) WHERE "invoices"."purpose" = 'build' AND "invoices"."status" <> 'void';--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_plan_period_idx` ON `invoices` (`subscription_id`,`period_start`) WHERE "invoices"."purpose" = 'plan' AND "invoices"."status" <> 'void';--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_credit_idx` ON `invoices` (`credit_for`) WHERE "invoices"."kind" = 'credit_note' AND "invoices"."status" <> 'void';--> statement-breakpoint
CREATE INDEX `invoices_user_idx` ON `invoices` (`user_id`,`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_order_idx` ON `invoices` (`order_id`);--> statement-breakpoint
CREATE INDEX `invoices_issued_idx` ON `invoices` (`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_status_due_idx` ON `invoices` (`status`,`due_at`);--> statement-breakpoint
CREATE INDEX `invoices_status_issued_idx` ON `invoices` (`status`,`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_kind_paid_idx` ON `invoices` (`kind`,`paid_at`);--> statement-breakpoint
CREATE INDEX `invoices_email_idx` ON `invoices` (`customer_email`);--> statement-breakpoint
CREATE INDEX `invoices_business_idx` ON `invoices` ("customer_business" COLLATE NOCASE);--> statement-breakpoint
ALTER TABLE `outbox` ADD `attachments` text;