import type { FormErrors, UseFormReturnType } from '@mantine/form';

/**
 * The second argument of a form's onSubmit: keyboard and screen-reader users land on the first field to fix,
 * instead of hearing nothing when a save is refused.
 */
export function focusFirstError<Values>(form: Pick<UseFormReturnType<Values>, 'getInputNode'>): (errors: FormErrors) => void {
  return (errors) => {
    const first = Object.keys(errors)[0];
    if (first) form.getInputNode(first as never)?.focus();
  };
}
