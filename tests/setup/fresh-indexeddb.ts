// Each test file in the node project gets an empty in-memory IndexedDB of its own. The project runs its files
// one after another in a worker without isolating them (vitest.config.ts), so modules stay loaded from one
// file to the next: dexie captured the `indexedDB` it found when it was first loaded, and a database one file
// left behind would still be there for the next. A fresh factory, handed to dexie as well, gives every file
// the start it would have had in a worker of its own.
// The auto module first (the IDB* classes as globals): a file's own `import "fake-indexeddb/auto"` is then
// the cached module, and does not replace the factory set below.
import "fake-indexeddb/auto";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import Dexie from "dexie";

const factory = new IDBFactory();
Object.assign(globalThis, { indexedDB: factory, IDBKeyRange });
Dexie.dependencies.indexedDB = factory;
Dexie.dependencies.IDBKeyRange = IDBKeyRange;
