-- Reserved for issue work in progress (replaced by its author, or left as a no-op).
SELECT 1;
