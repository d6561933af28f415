-- Dashboard (issue 24): each provider's question count, kept by triggers on "questions", so the Questions card
-- reads one row (counting a provider's 1,000,000 questions took ~250 ms even as an index-only scan). Statement
-- triggers with transition tables (one upsert per statement, providers in order), a row trigger only when a
-- question moves to another provider, and TRUNCATE empties the counts. Filled from the questions present.
CREATE TABLE "question_counts" (
	"provider_id" integer PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "question_counts" ADD CONSTRAINT "question_counts_provider_id_providers_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("provider_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION "question_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "question_counts" ("provider_id", "n")
		SELECT "provider_id", count(*) FROM added GROUP BY "provider_id" ORDER BY "provider_id"
		ON CONFLICT ("provider_id") DO UPDATE SET "n" = "question_counts"."n" + excluded."n";
	ELSE
		UPDATE "question_counts" c SET "n" = c."n" - gone.n
		FROM (SELECT "provider_id", count(*) AS n FROM removed GROUP BY "provider_id") gone
		WHERE c."provider_id" = gone."provider_id";
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "question_counts_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "question_counts" SET "n" = "n" - 1 WHERE "provider_id" = OLD."provider_id";
	INSERT INTO "question_counts" ("provider_id", "n") VALUES (NEW."provider_id", 1)
	ON CONFLICT ("provider_id") DO UPDATE SET "n" = "question_counts"."n" + 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "question_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "question_counts";
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "questions_counted_added" AFTER INSERT ON "questions" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "question_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "questions_counted_removed" AFTER DELETE ON "questions" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "question_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "questions_counted_moved" AFTER UPDATE OF "provider_id" ON "questions" FOR EACH ROW WHEN (OLD."provider_id" IS DISTINCT FROM NEW."provider_id") EXECUTE FUNCTION "question_counts_moved"();
--> statement-breakpoint
CREATE TRIGGER "questions_counted_truncated" AFTER TRUNCATE ON "questions" FOR EACH STATEMENT EXECUTE FUNCTION "question_counts_truncated"();
--> statement-breakpoint
INSERT INTO "question_counts" ("provider_id", "n") SELECT "provider_id", count(*) FROM "questions" GROUP BY "provider_id";
