CREATE TABLE `booking_blocks` (
	`id` text PRIMARY KEY NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`reason` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	CONSTRAINT "booking_blocks_time_check" CHECK("booking_blocks"."ends_at" > "booking_blocks"."starts_at")
);
--> statement-breakpoint
CREATE INDEX `booking_blocks_ends_at_idx` ON `booking_blocks` (`ends_at`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_hash` blob NOT NULL,
	`reminder_secret_hash` blob,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`status` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`business` text,
	`topic` text NOT NULL,
	`sequence` integer DEFAULT 0 NOT NULL,
	`notes` text,
	`reminded_at` integer,
	`cancelled_at` integer,
	`cancelled_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK("bookings"."status" IN ('active', 'cancelled')),
	CONSTRAINT "bookings_time_check" CHECK("bookings"."ends_at" > "bookings"."starts_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_active_slot_idx` ON `bookings` (`starts_at`) WHERE "bookings"."status" = 'active';--> statement-breakpoint
CREATE INDEX `bookings_starts_at_idx` ON `bookings` (`starts_at`);--> statement-breakpoint
CREATE INDEX `bookings_email_idx` ON `bookings` (`email`);