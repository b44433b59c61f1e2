import { E2E_BUILDS } from './builds.ts';
import { describePriceScan } from './price-scan.ts';

// This file runs against the build made with PRICING_MODEL=flat (tests/e2e/builds.ts).
describePriceScan(E2E_BUILDS.flat);
