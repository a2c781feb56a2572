/**
 * DataHub's root user as GMS bootstraps it (v1.7.0 metadata-service/configuration/src/main/resources/bootstrap_mcps
 * /root-user.yaml): the user every default policy names.
 */
export const ROOT_USER_URN = 'urn:li:corpuser:datahub';

export const ROOT_USER_ASPECTS = {
  corpUserInfo: { active: true, displayName: 'DataHub', title: 'DataHub', system: true },
  corpUserEditableInfo: {
    teams: [],
    skills: [],
    pictureLink:
      'https://raw.githubusercontent.com/datahub-project/datahub/master/datahub-web-react/src/images/default_avatar.png',
  },
} as const satisfies Readonly<Record<string, Readonly<Record<string, unknown>>>>;
