-- A no-op placeholder; filled by the issue that owns it.
SELECT 1;
