/**
 * Before the intake form leaves its step (Next, Back, Submit), a part of the step may need a
 * moment, or need the step to stay: the uploads panel finishes sending the files just chosen,
 * and keeps the step when one of them did not upload, so a chosen file is never dropped by
 * moving on. The form asks with a DOM event, because the form's script and the panel's are
 * bundled apart and would not share a module variable.
 */
const LEAVING = 'intake:leaving';

interface LeavingDetail {
  hold(work: Promise<string | null>, waiting: string | null): void;
}

/**
 * The form asks the parts of its step whether it may go. `onWait` gets what to say while a
 * part is still busy (null: nothing). Answers why it must stay, one reason per part; empty: go.
 */
export async function askToLeave(form: HTMLFormElement, onWait: (text: string | null) => void): Promise<string[]> {
  const held: Promise<string | null>[] = [];
  const detail: LeavingDetail = {
    hold(work, waiting) {
      held.push(work);
      if (waiting) onWait(waiting);
    },
  };
  form.dispatchEvent(new CustomEvent<LeavingDetail>(LEAVING, { detail }));
  try {
    const answers = await Promise.all(held);
    return answers.filter((a): a is string => a !== null);
  } finally {
    onWait(null);
  }
}

/**
 * A part of the step answers the form: `busy` says whether it needs a moment (and what to say
 * meanwhile), `settle` resolves once it is done with why the step must stay, or null.
 */
export function whenLeaving(
  form: HTMLFormElement,
  part: { busy: () => string | null; settle: () => Promise<string | null> },
): void {
  form.addEventListener(LEAVING, (event) => {
    const { detail } = event as CustomEvent<LeavingDetail>;
    // settle() first: it may queue a file still waiting in the file input, which makes it busy.
    const work = part.settle();
    detail.hold(work, part.busy());
  });
}
