-- Reserved for its issue; replaced by the area's tables.
SELECT 1;
