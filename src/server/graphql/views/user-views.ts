/**
 * Users and groups, after DataHub's CorpUserMapper and CorpGroupMapper: the username or group name from the URN's
 * key, the info aspect as both `properties` and the deprecated `info`, the editable info the UI writes, and a
 * user's settings, status and whether it signs in with a password of this catalog (a native user).
 */
import { stringOr, type JsonObject } from '../../../model/json.js';
import { decodeUrnPart } from '../../../model/urn.js';
import { customProperties } from './aspect-views.js';
import { commonView, latestOf, type ViewContext } from './entity-base.js';
import { keyOf } from './entity-parts.js';
import { loadPageTemplate } from './page-template-views.js';
import { bool, number, object, strings, text, whenPresent } from './json-readers.js';
import type { CommonEntityView, CustomPropertyView, EntityView } from './view-types.js';

export interface CorpUserInfoView {
  readonly active: boolean;
  readonly displayName: string | null;
  readonly email: string | null;
  readonly title: string | null;
  readonly manager: () => EntityView | null;
  readonly departmentId: number | null;
  readonly departmentName: string | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly fullName: string | null;
  readonly countryCode: string | null;
  readonly customProperties: readonly CustomPropertyView[] | null;
}

export interface CorpUserEditableInfoView {
  readonly displayName: string | null;
  readonly title: string | null;
  readonly aboutMe: string | null;
  readonly teams: readonly string[] | null;
  readonly skills: readonly string[] | null;
  readonly pictureLink: string | null;
  readonly slack: string | null;
  readonly phone: string | null;
  readonly email: string | null;
}

/** A reference to an entity by URN and type, as the settings name a view or a page template. */
interface EntityReference {
  readonly urn: string;
  readonly type: string;
}

export interface CorpUserSettingsView {
  readonly appearance: { readonly showSimplifiedHomepage: boolean; readonly showThemeV2: boolean | null };
  readonly views: { readonly defaultView: EntityReference | null } | null;
  readonly homePage: {
    readonly pageTemplate: () => EntityView | null;
    readonly dismissedAnnouncementUrns: readonly string[] | null;
  } | null;
  readonly locale: { readonly language: string | null } | null;
}

/** A user: its `status` is CorpUserStatus (ACTIVE or null), not the Status aspect other entities answer. */
export interface CorpUserView extends Omit<CommonEntityView, 'status'> {
  readonly username: string;
  readonly properties: () => CorpUserInfoView | null;
  readonly info: () => CorpUserInfoView | null;
  readonly editableProperties: () => CorpUserEditableInfoView | null;
  readonly editableInfo: () => CorpUserEditableInfoView | null;
  readonly status: () => 'ACTIVE' | null;
  readonly settings: () => CorpUserSettingsView;
  readonly isNativeUser: () => boolean;
}

/** The fields CorpGroup's `properties` and `info` both show. */
interface GroupContactView {
  readonly displayName: string | null;
  readonly description: string | null;
  readonly email: string | null;
}

export interface CorpGroupView extends CommonEntityView {
  readonly name: string;
  readonly properties: () => (GroupContactView & { readonly slack: string | null }) | null;
  readonly info: () =>
    | (GroupContactView & {
        readonly admins: () => EntityView[] | null;
        readonly members: () => EntityView[] | null;
        readonly groups: readonly string[] | null;
      })
    | null;
  readonly editableProperties: () => {
    readonly description: string | null;
    readonly slack: string | null;
    readonly email: string | null;
    readonly pictureLink: string | null;
  } | null;
  readonly origin: () => { readonly type: string; readonly externalType: string | null } | null;
}

export function corpUserView(urn: string, context: ViewContext): CorpUserView {
  const latest = latestOf(urn, context);
  const info = (): CorpUserInfoView | null =>
    whenPresent(latest('corpUserInfo'), (aspect) => ({
      active: aspect['active'] === true,
      displayName: text(aspect['displayName']),
      email: text(aspect['email']),
      title: text(aspect['title']),
      manager: () => {
        const manager = aspect['managerUrn'];
        return typeof manager === 'string' ? context.viewOf(manager) : null;
      },
      departmentId: number(aspect['departmentId']),
      departmentName: text(aspect['departmentName']),
      firstName: text(aspect['firstName']),
      lastName: text(aspect['lastName']),
      fullName: text(aspect['fullName']),
      countryCode: text(aspect['countryCode']),
      customProperties: customProperties(aspect['customProperties'], urn),
    }));
  const editable = (): CorpUserEditableInfoView | null =>
    whenPresent(latest('corpUserEditableInfo'), (aspect) => ({
      displayName: text(aspect['displayName']),
      title: text(aspect['title']),
      aboutMe: text(aspect['aboutMe']),
      teams: strings(aspect['teams']),
      skills: strings(aspect['skills']),
      pictureLink: text(aspect['pictureLink']),
      slack: text(aspect['slack']),
      phone: text(aspect['phone']),
      email: text(aspect['email']),
    }));
  return {
    ...commonView(urn, 'corpuser', context),
    username: decodeUrnPart(stringOr(keyOf(urn, context)['username'])),
    properties: info,
    info,
    editableProperties: editable,
    editableInfo: editable,
    status: () => (latest('corpUserStatus')?.['status'] === 'ACTIVE' ? 'ACTIVE' : null),
    settings: () => corpUserSettings(latest('corpUserSettings'), context),
    isNativeUser: () => latest('corpUserCredentials') !== undefined,
  };
}

/**
 * CorpUserMapper.mapCorpUserSettings: always an object, appearance always set (showSimplifiedHomepage from the
 * showSimplifiedHomepageByDefault flag, false, unless the user chose), the rest only where the aspect has it.
 */
function corpUserSettings(aspect: JsonObject | undefined, context: ViewContext): CorpUserSettingsView {
  const appearance = object(aspect?.['appearance']);
  const views = object(aspect?.['views']);
  const homePage = object(aspect?.['homePage']);
  const locale = object(aspect?.['locale']);
  const defaultView = text(views?.['defaultView']);
  const template = text(homePage?.['pageTemplate']);
  return {
    appearance: {
      showSimplifiedHomepage: appearance?.['showSimplifiedHomepage'] === true,
      showThemeV2: appearance === undefined ? null : bool(appearance['showThemeV2']),
    },
    views: views === undefined ? null : { defaultView: defaultView === null ? null : { urn: defaultView, type: 'DATAHUB_VIEW' } }, // prettier-ignore
    homePage:
      homePage === undefined
        ? null
        : {
            // The personal template, loaded as PageTemplateType loads it (GmsGraphQLEngine's CorpUserHomePageSettings).
            pageTemplate: () => loadPageTemplate(template, context),
            dismissedAnnouncementUrns: strings(homePage['dismissedAnnouncements']),
          },
    locale: locale === undefined ? null : { language: text(locale['language']) },
  };
}

export function corpGroupView(urn: string, context: ViewContext): CorpGroupView {
  const { viewOf } = context;
  const latest = latestOf(urn, context);
  return {
    ...commonView(urn, 'corpGroup', context),
    name: decodeUrnPart(stringOr(keyOf(urn, context)['name'])),
    properties: () =>
      whenPresent(latest('corpGroupInfo'), (aspect) => ({
        ...groupContact(aspect),
        slack: text(aspect['slack']),
      })),
    // The deprecated `info` field of DataHub's CorpGroup reads the same aspect as `properties`, plus members.
    info: () =>
      whenPresent(latest('corpGroupInfo'), (aspect) => ({
        ...groupContact(aspect),
        admins: () => strings(aspect['admins'])?.map(viewOf) ?? null,
        members: () => strings(aspect['members'])?.map(viewOf) ?? null,
        groups: strings(aspect['groups']),
      })),
    editableProperties: () =>
      whenPresent(latest('corpGroupEditableInfo'), (aspect) => ({
        description: text(aspect['description']),
        slack: text(aspect['slack']),
        email: text(aspect['email']),
        pictureLink: text(aspect['pictureLink']),
      })),
    origin: () =>
      whenPresent(latest('origin'), (aspect) => {
        const type = text(aspect['type']);
        return {
          type: type === 'NATIVE' || type === 'EXTERNAL' ? type : 'UNKNOWN',
          externalType: text(aspect['externalType']),
        };
      }),
  };
}

function groupContact(aspect: JsonObject): GroupContactView {
  return {
    displayName: text(aspect['displayName']),
    description: text(aspect['description']),
    email: text(aspect['email']),
  };
}
