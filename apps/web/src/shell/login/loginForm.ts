import { useState, type ChangeEvent } from 'react';

/** What one login field must hold: not empty, and (when given) of a pattern. */
export interface FieldRule {
  required: string;
  pattern?: RegExp;
  patternMessage?: string;
}

/** The message to show under a field, or null when its value is fine (antd Form's rules, as the login forms used them). */
export function fieldError(value: string | undefined, rule: FieldRule): string | null {
  if (!value) return rule.required;
  if (rule.pattern && !rule.pattern.test(value)) return rule.patternMessage ?? rule.required;
  return null;
}

/** Each named field's error (null when fine). */
export function fieldErrors<K extends string>(
  values: Partial<Record<K, string>>,
  rules: Record<K, FieldRule>,
  names: readonly K[],
): Record<K, string | null> {
  const out = {} as Record<K, string | null>;
  for (const name of names) out[name] = fieldError(values[name], rules[name]);
  return out;
}

/**
 * The login forms' state: values, each field checked as it changes and all on submit, like antd's
 * Form did. antd's Form and Input (with the validator, label tooltips and grid they bring) are not
 * used here: the login page is the first page most visits load, and it has a byte budget
 * (e2e/delivery.e2e.ts).
 */
export function useLoginForm<K extends string>(rules: Record<K, FieldRule>) {
  const [values, setValues] = useState<Partial<Record<K, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<K, string | null>>>({});
  const change = (name: K, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: fieldError(value, rules[name]) }));
  };
  return {
    errors,
    /** props for the LoginInput of `name` (the id is the name, as antd's Form set it) */
    input: (name: K) => ({
      id: name,
      name,
      value: values[name] ?? '',
      status: errors[name] ? ('error' as const) : undefined,
      onChange: (e: ChangeEvent<HTMLInputElement>) => change(name, e.target.value),
    }),
    /** checks `names`; their values when all are fine, else null (and the errors shown) */
    validate: (names: readonly K[]): Record<K, string> | null => {
      const found = fieldErrors(values, rules, names);
      setErrors((e) => ({ ...e, ...found }));
      return names.some((n) => found[n]) ? null : (values as Record<K, string>);
    },
  };
}
