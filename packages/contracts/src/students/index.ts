// students contracts: schemas, types, messages and rules of the area.
export {};
