/** URNs of the example catalog (catalog/ and examples/datasets.json) that several test files check. */
export const USERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,users.profile,PROD)';
export const TX = 'urn:li:dataset:(urn:li:dataPlatform:hive,payments.transactions,PROD)';
export const MODEL_10 = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-10,PROD)';
export const MODEL_11 = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-2026-11,PROD)';
export const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,PROD)';
export const TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,transaction_features)';
export const TXN_COUNT = 'urn:li:mlFeature:(transaction_features,txn_count_7d)';
export const FINANCIAL = 'urn:li:glossaryTerm:Classification.Financial';
export const PII = 'urn:li:glossaryTerm:Classification.PII';
export const EMAIL = 'urn:li:glossaryTerm:Classification.Email';
