import { useEffect, useState } from 'react';
import { http } from '../http';
import { localText } from '../i18n';
import { followsPasswordRule, passwordRuleText, type PasswordRule } from '../schema/password-rule';

/**
 * The password rule in the forms that set a new password (password change, registration, a new user).
 * The server enforces it; the forms show it beside the field and check it before sending, so the user
 * learns it while typing. A backend that has no rule to give (a BladeX gateway) leaves the forms as they
 * were: the server's answer alone judges.
 */

const isRule = (value: unknown): value is PasswordRule =>
  typeof value === 'object' && value !== null && Number.isInteger((value as PasswordRule).minLength) && Number.isInteger((value as PasswordRule).classes);

/**
 * The rule of the caller's tenant, asked once per form (`wanted`: only when the form sets a password);
 * null until it is known, or when there is none.
 */
export function usePasswordRule(wanted = true): PasswordRule | null {
  const [rule, setRule] = useState<PasswordRule | null>(null);
  useEffect(() => {
    if (!wanted) return undefined;
    let live = true;
    http.get<PasswordRule>('/api/blade-user/password-rule', { silent: true }).then(
      (res) => {
        if (live && isRule(res.data)) setRule(res.data);
      },
      () => undefined, // no rule to show: the server still answers with it when a password breaks it
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return rule;
}

/** The rule in the interface's language, for a field's help text. */
export const passwordRuleHint = (rule: PasswordRule | null): string | undefined => (rule ? localText(passwordRuleText(rule)) : undefined);

/** A form validator: the rule in words when the typed password breaks it (an empty one is the required rule's). */
export function passwordRuleValidator(rule: PasswordRule | null) {
  return (value: unknown, callback: (message?: string) => void) => {
    const typed = typeof value === 'string' ? value : '';
    callback(rule && typed && !followsPasswordRule(typed, rule) ? localText(passwordRuleText(rule)) : undefined);
  };
}

/**
 * The typed new password for the server to hold to the rule (its md5 goes in the contract's parameters,
 * which a hash cannot be judged by): a form body, not the query string that logs keep.
 */
export function typedPasswordBody(field: string, typed: string): { body: URLSearchParams; headers: Record<string, string> } {
  return { body: new URLSearchParams({ [field]: typed }), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };
}
