// Tables of this area (filled in by its issue).
export {};
