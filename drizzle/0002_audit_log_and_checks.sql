CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text,
	`before` text,
	`after` text,
	`ip` text,
	CONSTRAINT "audit_log_action_check" CHECK("audit_log"."action" IN ('auth.sign-in', 'auth.sign-out-others', 'auth.password-change', 'auth.password-reset', 'auth.activate', 'admin.bootstrap', 'admin.promote'))
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity_type`,`entity_id`);--> statement-breakpoint
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
	CONSTRAINT "account_tokens_purpose_check" CHECK("__new_account_tokens"."purpose" IN ('activation', 'password_reset'))
);
--> statement-breakpoint
INSERT INTO `__new_account_tokens`("id", "user_id", "purpose", "secret_hash", "expires_at", "used_at", "created_at") SELECT "id", "user_id", "purpose", "secret_hash", "expires_at", "used_at", "created_at" FROM `account_tokens`;--> statement-breakpoint
DROP TABLE `account_tokens`;--> statement-breakpoint
ALTER TABLE `__new_account_tokens` RENAME TO `account_tokens`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `account_tokens_user_idx` ON `account_tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `__new_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`to` text NOT NULL,
	`reply_to` text,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`locked_until` integer,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	CONSTRAINT "outbox_status_check" CHECK("__new_outbox"."status" IN ('pending', 'sent', 'logged'))
);
--> statement-breakpoint
INSERT INTO `__new_outbox`("id", "kind", "to", "reply_to", "subject", "text", "html", "status", "attempts", "next_attempt_at", "locked_until", "last_error", "sent_at", "created_at") SELECT "id", "kind", "to", "reply_to", "subject", "text", "html", "status", "attempts", "next_attempt_at", "locked_until", "last_error", "sent_at", "created_at" FROM `outbox`;--> statement-breakpoint
DROP TABLE `outbox`;--> statement-breakpoint
ALTER TABLE `__new_outbox` RENAME TO `outbox`;--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `__new_users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`role` text DEFAULT 'customer' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "users_role_check" CHECK("__new_users"."role" IN ('customer', 'admin')),
	CONSTRAINT "users_status_check" CHECK("__new_users"."status" IN ('active', 'pending'))
);
--> statement-breakpoint
INSERT INTO `__new_users`("id", "name", "email", "password_hash", "role", "status", "created_at", "updated_at") SELECT "id", "name", "email", "password_hash", "role", "status", "created_at", "updated_at" FROM `users`;--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);