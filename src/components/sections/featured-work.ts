import { projectsInOrder, type Project } from '#features/portfolio/projects.ts';
import { casePath } from '#features/portfolio/theme.ts';

/** The one project the home page's hero shows: the first with screenshots, else the first. */
export async function featuredWork(): Promise<Project | undefined> {
  const entries = await projectsInOrder();
  return entries.find((entry) => entry.data.images) ?? entries[0];
}

/** A project's case study. */
export const caseStudyHref = (entry: Project) => casePath(entry.id);
