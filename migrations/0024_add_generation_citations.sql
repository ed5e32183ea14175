ALTER TABLE `ai_generations` ADD `citations` text;--> statement-breakpoint
ALTER TABLE `ai_generations` ADD `sources` text;--> statement-breakpoint
ALTER TABLE `ai_generations` ADD `support_score` real;--> statement-breakpoint
ALTER TABLE `ai_generations` ADD `lead` text;