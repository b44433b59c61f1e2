import type { Project } from '../projects.ts';

/** A project's `demo` front matter. */
export type Demo = Project['data']['demo'];

/** What every layout body receives from DemoSite.astro. */
export interface LayoutProps {
  demo: Demo;
  /** 'Restaurant · Orlando, FL': the line above the headline. */
  kicker: string;
}
