-- Business hours and holidays (#18): used by triggers, automations and SLA policies.
CREATE TABLE "schedule" (
	"schedule_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"timezone" text NOT NULL,
	"intervals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"holidays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_ts" bigint NOT NULL,
	"update_ts" bigint NOT NULL
);
