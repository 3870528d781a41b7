// The island loader entry (filled in by the islands work).
export {};
