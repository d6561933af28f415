// student-import contracts: schemas, types, messages and rules of the area.
export {};
