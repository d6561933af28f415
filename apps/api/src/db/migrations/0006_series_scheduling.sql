CREATE TABLE "course_tests" (
	"course_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	"sequence" integer DEFAULT 1 NOT NULL,
	"test_subscription_status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_tests_course_id_test_id_pk" PRIMARY KEY("course_id","test_id")
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "is_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "locked_by" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "schedule_status" smallint;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "schedule_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "schedule_end_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "assign_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "published_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_users" ADD COLUMN "extra_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_users" ADD COLUMN "extra_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_users" ADD COLUMN "via_course_id" integer;--> statement-breakpoint
ALTER TABLE "course_tests" ADD CONSTRAINT "course_tests_course_id_courses_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("course_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_tests" ADD CONSTRAINT "course_tests_test_id_tests_test_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("test_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_tests_test_idx" ON "course_tests" USING btree ("test_id");