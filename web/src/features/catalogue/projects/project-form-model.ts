// The project form's rules (spec §2 Project form, §5): which fields show, what is sent.
import { isWebUrl } from '@/lib/urls.ts';

export interface ProjectFormValues {
  name: string;
  index: string;
  implementationUrl: string;
  isGroupProject: boolean;
  isFullStack: boolean;
  clientTemplateUrl: string;
  apiTemplateUrl: string;
  active: boolean;
}

export const EMPTY_PROJECT: ProjectFormValues = {
  name: '',
  index: '0',
  implementationUrl: '',
  isGroupProject: false,
  isFullStack: false,
  clientTemplateUrl: '',
  apiTemplateUrl: '',
  active: true,
};

/** Apostrophes are removed from the form's text fields as they are typed. */
export const stripApostrophes = (text: string) => text.replace(/['\u2019]/g, '');

/**
 * The spec's form always has the group and full stack checkboxes; the client template URL is for
 * group projects, the API template URL for full stack ones.
 */
export const showsClientTemplate = (values: ProjectFormValues) => values.isGroupProject;
export const showsApiTemplate = (values: ProjectFormValues) => values.isFullStack;

export type ProjectFormErrors = Partial<
  Record<'name' | 'index' | 'implementationUrl' | 'clientTemplateUrl' | 'apiTemplateUrl', string>
>;

const URL_RULE = 'Enter a full address starting with https://, or leave it empty.';

export function validateProject(values: ProjectFormValues): ProjectFormErrors {
  const errors: ProjectFormErrors = {};
  if (!values.name.trim()) errors.name = 'Please give the project a name.';
  const index = Number(values.index);
  if (values.index.trim() === '' || !Number.isInteger(index) || index < 0)
    errors.index = 'The position is a whole number from 0.';
  const urls = [
    ['implementationUrl', values.implementationUrl, true],
    ['clientTemplateUrl', values.clientTemplateUrl, showsClientTemplate(values)],
    ['apiTemplateUrl', values.apiTemplateUrl, showsApiTemplate(values)],
  ] as const;
  for (const [field, value, shown] of urls) {
    if (shown && value.trim() && !isWebUrl(value)) errors[field] = URL_RULE;
  }
  return errors;
}

export interface ProjectFields {
  name: string;
  index: number;
  implementation_url: string;
  is_group_project: boolean;
  is_full_stack: boolean;
  client_template_url: string;
  api_template_url: string;
  active: boolean;
}

/** What the form sends: every field it shows; a hidden URL field is cleared. */
export function projectFields(values: ProjectFormValues): ProjectFields {
  return {
    name: values.name.trim(),
    index: Number(values.index),
    implementation_url: values.implementationUrl.trim(),
    is_group_project: values.isGroupProject,
    is_full_stack: values.isFullStack,
    client_template_url: showsClientTemplate(values) ? values.clientTemplateUrl.trim() : '',
    api_template_url: showsApiTemplate(values) ? values.apiTemplateUrl.trim() : '',
    active: values.active,
  };
}

/** The form's starting values for an existing project. */
export function formValues(project: {
  name: string;
  index: number;
  implementation_url?: string;
  is_group_project: boolean;
  is_full_stack: boolean;
  client_template_url: string;
  api_template_url: string;
  active: boolean;
}): ProjectFormValues {
  return {
    name: project.name,
    index: String(project.index),
    implementationUrl: project.implementation_url ?? '',
    isGroupProject: project.is_group_project,
    isFullStack: project.is_full_stack,
    clientTemplateUrl: project.client_template_url,
    apiTemplateUrl: project.api_template_url,
    active: project.active,
  };
}
