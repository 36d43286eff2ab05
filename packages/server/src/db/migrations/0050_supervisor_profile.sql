ALTER TABLE "users" DROP CONSTRAINT "users_profile_check";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_check" CHECK ("users"."profile" in ('admin', 'supervisor', 'user'));
