CREATE TABLE `care_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`page` text NOT NULL,
	`details` text NOT NULL,
	`status` text NOT NULL,
	`assignee` text,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "care_requests_status_check" CHECK("care_requests"."status" IN ('open', 'in_progress', 'done'))
);
--> statement-breakpoint
CREATE INDEX `care_requests_user_idx` ON `care_requests` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `care_requests_status_idx` ON `care_requests` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `care_requests_created_idx` ON `care_requests` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `message_threads` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text,
	`request_id` text,
	`customer_id` text NOT NULL,
	`unread_by_customer` integer DEFAULT 0 NOT NULL,
	`unread_by_agency` integer DEFAULT 0 NOT NULL,
	`last_message_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`request_id`) REFERENCES `care_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "message_threads_subject_check" CHECK(("message_threads"."order_id" IS NULL) <> ("message_threads"."request_id" IS NULL)),
	CONSTRAINT "message_threads_unread_check" CHECK("message_threads"."unread_by_customer" >= 0 AND "message_threads"."unread_by_agency" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_threads_order_idx` ON `message_threads` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `message_threads_request_idx` ON `message_threads` (`request_id`);--> statement-breakpoint
CREATE INDEX `message_threads_customer_idx` ON `message_threads` (`customer_id`,`unread_by_customer`);--> statement-breakpoint
CREATE INDEX `message_threads_agency_unread_idx` ON `message_threads` (`unread_by_agency`);--> statement-breakpoint
CREATE TABLE `thread_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`thread_id` text NOT NULL,
	`author_id` text NOT NULL,
	`side` text NOT NULL,
	`body` text NOT NULL,
	`file_name` text,
	`file_mime_type` text,
	`file_bytes` integer,
	`file_width` integer,
	`file_height` integer,
	`file_stored_name` text,
	`file_thumb_name` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`thread_id`) REFERENCES `message_threads`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "thread_messages_side_check" CHECK("thread_messages"."side" IN ('customer', 'agency'))
);
--> statement-breakpoint
CREATE INDEX `thread_messages_thread_idx` ON `thread_messages` (`thread_id`,`created_at`);