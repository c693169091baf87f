/**
 * Every user-visible text of the product, in one place. The spec's wording is the contract:
 * the strings marked "spec" are verbatim, typos included ('Emile', 'panding', 'membar', ...).
 */
export const strings = {
  validation: {
    loginEmailRequired: 'Emile is empty', // spec
    registerEmailRequired: 'Email does not exist', // spec
    emailInvalid: 'Type a valid email', // spec
    passwordRequired: 'Password is empty', // spec
    passwordMin: 'at least 8 character', // spec
    passwordUpper: 'at least one upper case', // spec
    passwordLower: 'at least one lower case', // spec
    passwordDigit: 'at least one number', // spec
    nameRequired: 'name is required', // spec
    nameLength: 'Name must be between 2-16 character long', // spec (the rule is 2-15)
    nameStart: 'Must be start with a letter', // spec
    nameChars: 'only later number & underscore are valid', // spec
    resetEmailRequired: 'Entire a Valid email', // spec
  },
  toast: {
    loginSuccess: 'You are logged in Successfully', // spec
    emailNotVerified: 'Email is not verified', // spec
    invalidCredential: 'Invalid Email or Password', // spec
    verificationSent1: 'Verification email send', // spec
    verificationSent2: 'Email Verification send', // spec
    accountCreated: 'New Account Created', // spec
    loginFailed: 'Login failed', // spec
  },
  auth: {
    signUp: 'Sign up', // spec
    loginWithGoogle: 'Login with Google', // spec
    forgetPassword: 'Forget Password?', // spec
    sendResetEmail: 'Send a Reset Email', // spec
    backToLogin: 'Back to login', // spec
    loginToContinue: 'Login to Continue', // spec
  },
  relation: {
    add: 'Add', // spec
    pending: 'panding', // spec
    friend: 'Friend', // spec
    block: 'Block', // spec
    unblock: 'Unblock', // spec
    blocked: 'Blocked', // spec
    accept: 'Accept', // spec
  },
  panels: {
    groupList: 'Group List', // spec
    friendList: 'Friend List', // spec
    userList: 'User List', // spec
    friendRequest: 'Friend Request', // spec
    myGroups: 'My Groups', // spec
    blockedUsers: 'Blocked Users', // spec
    addMember: 'Add membar', // spec
  },
  profile: {
    changePicture: 'Change your profile picture', // spec
    upload: 'Upload', // spec
  },
  chat: {
    selectFriend: 'Select a friend', // spec
    online: 'Online', // spec
  },
  placeholders: {
    notification: 'Notification', // spec
    settings: 'Settings', // spec
  },
  app: {
    name: 'Chatty',
    notFoundTitle: 'Page not found',
    notFoundBody: 'There is nothing at this address.',
    notFoundBack: 'Go to the start page',
    loading: 'Loading…',
    configError: 'The app is not configured correctly',
  },
} as const;
