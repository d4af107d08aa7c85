// The providers page (`#/providers`): loaded on demand by the app shell (providers-page.tsx), so nothing here is on the first screen.
export { ProvidersPage } from "./providers-page";
