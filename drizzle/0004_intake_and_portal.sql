CREATE TABLE `intake_files` (
	`id` text PRIMARY KEY NOT NULL,
	`intake_id` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`client_key` text NOT NULL,
	`original_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`bytes` integer NOT NULL,
	`width` integer,
	`height` integer,
	`stored_name` text NOT NULL,
	`thumb_name` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`intake_id`) REFERENCES `intakes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "intake_files_kind_check" CHECK("intake_files"."kind" IN ('logo', 'photo'))
);
--> statement-breakpoint
CREATE INDEX `intake_files_intake_idx` ON `intake_files` (`intake_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `intake_files_client_key_idx` ON `intake_files` (`intake_id`,`client_key`);--> statement-breakpoint
CREATE TABLE `intakes` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`data` text NOT NULL,
	`submitted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "intakes_status_check" CHECK("intakes"."status" IN ('draft', 'submitted'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `intakes_order_id_unique` ON `intakes` (`order_id`);--> statement-breakpoint
CREATE INDEX `intakes_user_idx` ON `intakes` (`user_id`);--> statement-breakpoint
CREATE INDEX `intakes_status_idx` ON `intakes` (`status`,`updated_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_account_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`secret_hash` blob NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "account_tokens_purpose_check" CHECK("__new_account_tokens"."purpose" IN ('activation', 'password_reset', 'email_change'))
);
--> statement-breakpoint
INSERT INTO `__new_account_tokens`("id", "user_id", "purpose", "secret_hash", "expires_at", "used_at", "created_at") SELECT "id", "user_id", "purpose", "secret_hash", "expires_at", "used_at", "created_at" FROM `account_tokens`;--> statement-breakpoint
DROP TABLE `account_tokens`;--> statement-breakpoint
ALTER TABLE `__new_account_tokens` RENAME TO `account_tokens`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `account_tokens_user_idx` ON `account_tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `__new_users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`role` text DEFAULT 'customer' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`pending_email` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "users_role_check" CHECK("__new_users"."role" IN ('customer', 'admin')),
	CONSTRAINT "users_status_check" CHECK("__new_users"."status" IN ('active', 'pending', 'deleted'))
);
--> statement-breakpoint
INSERT INTO `__new_users`("id", "name", "email", "password_hash", "role", "status", "pending_email", "created_at", "updated_at") SELECT "id", "name", "email", "password_hash", "role", "status", NULL, "created_at", "updated_at" FROM `users`;--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `accepted_at` integer;