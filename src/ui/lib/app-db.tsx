// The database every view reads and writes, handed down from the app shell (src/ui/app opens it): a
// feature or shared view never opens one itself, so a test renders any of them on a database of its own
// choosing, and one place decides which database the whole UI uses.
import { createContext, useContext, type ReactNode } from "react";
import type { ProviderBenchDb } from "../../store/db";

const AppDbContext = createContext<ProviderBenchDb | null>(null);

export function AppDbProvider({ db, children }: { db: ProviderBenchDb; children: ReactNode }) {
  return <AppDbContext.Provider value={db}>{children}</AppDbContext.Provider>;
}

export function useAppDb(): ProviderBenchDb {
  const db = useContext(AppDbContext);
  if (db === null) throw new Error("useAppDb: no AppDbProvider above this view (the app shell, or a test's wrapper, provides the database)");
  return db;
}
