-- Production runtime (issue 22): file bytes in the database when the server runs on PostgreSQL, so several
-- processes share them. One row per chunk of at most 1 MiB.
CREATE TABLE "file_objects" (
	"key" text NOT NULL,
	"chunk" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "file_objects_key_chunk_pk" PRIMARY KEY("key","chunk")
);
