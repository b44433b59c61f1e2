import { E2E_BUILDS } from './builds.ts';
import { describePriceScan } from './price-scan.ts';

// The custom reading ($3,800 build, then $199 per month); prices.flat.spec.ts checks the flat one.
describePriceScan(E2E_BUILDS.main);
