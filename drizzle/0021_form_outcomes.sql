CREATE TABLE `form_outcomes` (
	`id` text PRIMARY KEY NOT NULL,
	`body` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `form_outcomes_expires_idx` ON `form_outcomes` (`expires_at`);