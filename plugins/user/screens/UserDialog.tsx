import { useId, type ReactNode } from 'react';
import { Alert, DatePicker, Form, Grid, Input, Select, TreeSelect } from '@arco-design/web-react';
import type { RulesProps } from '@arco-design/web-react/es/Form/interface';
import { DIALOG_WIDTH, type DialogOpeningProps, DialogOpenings, type FieldDef, FieldLabel, fieldLabel, fieldPlaceholder, fieldRules, formColumns, type FormMode, http, localText, passwordRuleHint, passwordRuleValidator, RecordDialog, type Row, usePasswordRule, useRecordDialog, useTranslation } from '../../../core/sdk/browser';
import { MSG_PHONE_FORMAT, MSG_PHONE_LENGTH, USER_STATUS, userScreenEntity } from '../entities';
import { idList, postsQuery, roleTreeQuery, useOptions, type TreeNode } from './options';

const F: Record<keyof typeof userScreenEntity.fields, FieldDef> = userScreenEntity.fields;
const TREE_FIELDS = { key: 'id', title: 'title', children: 'children' };
const TEXT_FIELDS = ['account', 'name', 'realName', 'phone', 'email', 'code'] as const;

export interface UserDialogState {
  mode: FormMode;
  id?: string;
}

export interface UserDialogProps {
  state: UserDialogState | null;
  /** The department tree the page already has. */
  depts: readonly TreeNode[];
  onClose: () => void;
  onSaved: () => void;
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** The mobile number rules, in order: 11 digits long, then starting with 1 (an empty phone is allowed here). */
function phoneRules(): RulesProps[] {
  return [
    {
      validator: (value: unknown, callback: (message?: string) => void) => {
        const text = typeof value === 'string' ? value.trim() : '';
        if (!text) return callback();
        if (text.length !== 11) return callback(localText(MSG_PHONE_LENGTH));
        callback(/^1\d{10}$/.test(text) ? undefined : localText(MSG_PHONE_FORMAT));
      },
    },
  ];
}

/** A required multiple choice: the definition's message when nothing is chosen. */
const requiredChoice = (field: FieldDef): RulesProps[] =>
  field.required ? [{ validator: (value: unknown, callback: (message?: string) => void) => callback(blank(value) ? localText(field.required!) : undefined) }] : [];

/** A stored user as the form holds it: id lists as arrays, the birthday as a day. */
function formValues(row: Row): Row {
  return {
    ...row,
    roleId: idList(row.roleId),
    deptId: idList(row.deptId),
    postId: idList(row.postId),
    birthday: typeof row.birthday === 'string' ? row.birthday.slice(0, 10) : '',
    sex: typeof row.sex === 'number' && row.sex > 0 ? row.sex : undefined,
    userType: typeof row.userType === 'number' && row.userType > 0 ? row.userType : 1,
  };
}

/** The body BladeX expects: id lists comma-joined, one-line text trimmed, no password on edit. */
function body(values: Row, loaded: Row, mode: FormMode): Row {
  const out: Row = { ...values };
  for (const name of TEXT_FIELDS) if (typeof out[name] === 'string') out[name] = (out[name] as string).trim();
  for (const name of ['roleId', 'deptId', 'postId']) out[name] = idList(out[name]).join(',');
  out.birthday = typeof out.birthday === 'string' ? out.birthday : '';
  // A cleared choice is sent as '' (absent would leave the stored value as it was).
  out.sex = out.sex ?? '';
  if (mode === 'edit') {
    out.id = loaded.id;
    delete out.password;
    delete out.password2;
  }
  return out;
}

function UserModal({ state, opening, depts, onClose, onSaved }: Omit<UserDialogProps, 'state'> & { state: UserDialogState; opening: DialogOpeningProps }) {
  const { t } = useTranslation();
  const { mode, id } = state;
  const view = mode === 'view';
  const [form] = Form.useForm<Row>();
  const uid = `ba-user-${useId().replace(/[^\w-]/g, '')}`;
  const roles = useOptions(roleTreeQuery, [] as TreeNode[]);
  const posts = useOptions(postsQuery, []);
  // The rule of the administrator's tenant, shown and checked as the password is typed; the server checks it again.
  const rule = usePasswordRule(mode === 'add');
  const dialog = useRecordDialog<Row, Row>({
    load: mode === 'add' || !id ? undefined : async () => formValues((await http.get<Row | null>('/api/blade-user/detail', { params: { id } })).data ?? {}),
    initial: mode === 'add' ? { userType: 1, status: 1, roleId: [], deptId: [], postId: [] } : undefined,
    prepare: async (loaded) => body(await form.validate(), loaded, mode),
    save: view ? undefined : (sent) => http.post(mode === 'add' ? '/api/blade-user/submit' : '/api/blade-user/update', sent),
    success: t(mode === 'add' ? 'crud.addSuccess' : 'crud.updateSuccess'),
    onSaved,
    onClose,
  });

  const choices = (field: FieldDef) => (field.options ?? []).map((o) => ({ value: o.value, label: localText(o.label) }));
  // Viewing: an empty value shows as '-', never as a prompt to type.
  const placeholder = (field: FieldDef, chosen = false) => (view ? '-' : fieldPlaceholder(field, chosen));
  const columns = formColumns();
  // Refuse an empty value through a validator of their own (a password, a multiple choice).
  const requiredNames = ['password', 'password2', ...(['roleId', 'deptId'] as const).filter((n) => F[n].required)];
  const item = (name: string, label: string, control: ReactNode, rules: RulesProps[] = [], trigger: string[] = ['onBlur'], span: 12 | 24 = 12, extra?: string) => (
    <Grid.Col span={span} key={name}>
      <Form.Item
        field={name}
        label={<FieldLabel text={label} />}
        {...columns}
        rules={view ? undefined : rules}
        validateTrigger={trigger}
        disabled={view}
        // The asterisk for every rule that refuses an empty value (a validator of one's own too).
        required={!view && rules.some((rule) => rule.required || requiredNames.includes(name))}
        extra={extra}
      >
        {control}
      </Form.Item>
    </Grid.Col>
  );
  const text = (name: keyof typeof F, rules: RulesProps[] = fieldRules(F[name])) =>
    item(name, fieldLabel(F[name]), <Input placeholder={placeholder(F[name])} maxLength={F[name].maxLength} allowClear={!view} />, rules);
  const select = (name: keyof typeof F) =>
    item(name, fieldLabel(F[name]), <Select placeholder={placeholder(F[name])} options={choices(F[name])} allowClear={!F[name].required && !view} />, fieldRules(F[name]), ['onChange']);
  const tree = (name: 'roleId' | 'deptId', data: readonly TreeNode[]) =>
    item(
      name,
      fieldLabel(F[name]),
      <TreeSelect multiple allowClear={!view} treeData={[...data]} fieldNames={TREE_FIELDS} placeholder={placeholder(F[name], true)} treeProps={{ blockNode: true }} />,
      requiredChoice(F[name]),
      ['onChange'],
    );
  const password = (name: 'password' | 'password2') =>
    item(
      name,
      t(`user.${name}`),
      <Input.Password placeholder={t(name === 'password' ? 'user.passwordRequired' : 'user.password2Required')} maxLength={64} autoComplete="new-password" />,
      name === 'password'
        ? [{ validator: (v: unknown, cb: (m?: string) => void) => cb(blank(v) ? t('user.passwordRequired') : undefined) }, { validator: passwordRuleValidator(rule) }]
        : [
            {
              validator: (v: unknown, cb: (m?: string) => void) =>
                cb(blank(v) ? t('user.password2Required') : v !== form.getFieldValue('password') ? t('user.passwordMismatch') : undefined),
            },
          ],
      ['onBlur'],
      12,
      name === 'password' ? passwordRuleHint(rule) : undefined,
    );

  const section = (title: string, children: ReactNode) => (
    <fieldset className="ba-user-section">
      <legend>{title}</legend>
      <Grid.Row gutter={16}>{children}</Grid.Row>
    </fieldset>
  );

  const heading = t(mode === 'add' ? 'user.titleAdd' : mode === 'edit' ? 'user.titleEdit' : 'user.titleView');
  const optionsFailed = !view && (roles.state === 'failed' || posts.state === 'failed');
  return (
    <RecordDialog dialog={dialog} opening={opening} title={heading} width={DIALOG_WIDTH} className="ba-crud-dialog ba-user-dialog" saveLabel={t(mode === 'add' ? 'crud.save' : 'crud.update')} testId="user-save">
      {(loaded) => (
        <div className={`ba-crud-form${view ? ' is-view' : ''}`}>
          {optionsFailed ? <Alert className="ba-user-alert" type="warning" content={t('user.optionsFailed')} /> : null}
          <Form
            id={uid}
            form={form}
            layout="horizontal"
            labelAlign="right"
            disabled={view}
            initialValues={loaded}
            scrollToFirstError
            onValuesChange={(changed) => {
              // A field showing an error is checked again as it changes (its first check is on blur);
              // a new password re-checks its confirmation.
              const names = Object.keys(changed).filter((name) => form.getFieldError(name));
              if ('password' in changed && form.getFieldValue('password2')) names.push('password2');
              if (names.length) void form.validate(names).catch(() => undefined);
            }}
          >
            {section(
              t('user.basic'),
              <>
                {text('account')}
                {select('userType')}
                {mode === 'add' ? (
                  <>
                    {password('password')}
                    {password('password2')}
                  </>
                ) : null}
              </>,
            )}
            {section(
              t('user.detail'),
              <>
                {text('name')}
                {text('realName')}
                {text('phone', phoneRules())}
                {text('email')}
                {select('sex')}
                {item('birthday', fieldLabel(F.birthday), <DatePicker format="YYYY-MM-DD" placeholder={placeholder(F.birthday)} style={{ width: '100%' }} />, [], ['onChange'])}
                {item(
                  'status',
                  fieldLabel(F.status),
                  <Select options={USER_STATUS.map((s) => ({ value: s.value, label: localText(s.label) }))} placeholder={placeholder(F.status)} />,
                  [],
                  ['onChange'],
                )}
              </>,
            )}
            {section(
              t('user.duty'),
              <>
                {text('code')}
                {tree('roleId', roles.data)}
                {tree('deptId', depts)}
                {item(
                  'postId',
                  fieldLabel(F.postId),
                  <Select mode="multiple" allowClear={!view} options={posts.data} placeholder={placeholder(F.postId, true)} />,
                  [],
                  ['onChange'],
                )}
              </>,
            )}
          </Form>
        </div>
      )}
    </RecordDialog>
  );
}

/**
 * Add, edit and view of a user, in three groups as BladeX's form (account, details, duties): roles and
 * departments from their trees, posts from the tenant's list; password and its confirmation on add only
 * (they must match); the mobile number's two rules (11 digits, starting with 1). Add sends `submit`, edit `update`.
 */
export function UserDialog(props: UserDialogProps) {
  return <DialogOpenings state={props.state}>{(state, opening) => <UserModal {...props} state={state} opening={opening} />}</DialogOpenings>;
}
