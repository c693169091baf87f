/**
 * The spec's verbatim strings: the contract. Every text here is copied from the product spec
 * exactly, typos included ('Emile', 'panding', 'membar', ...); do not correct them. Every other
 * user-visible string lives with its feature, in `<folder>-strings.ts`.
 */
export const spec = {
  validation: {
    loginEmailRequired: 'Emile is empty',
    // spec
    registerEmailRequired: 'Email does not exist',
    // spec
    emailInvalid: 'Type a valid email',
    // spec
    passwordRequired: 'Password is empty',
    // spec
    passwordMin: 'at least 8 character',
    // spec
    passwordUpper: 'at least one upper case',
    // spec
    passwordLower: 'at least one lower case',
    // spec
    passwordDigit: 'at least one number',
    // spec
    nameRequired: 'name is required',
    // spec
    nameLength: 'Name must be between 2-16 character long',
    // spec (the rule is 2-15)
    nameStart: 'Must be start with a letter',
    // spec
    nameChars: 'only later number & underscore are valid',
    // spec
    resetEmailRequired: 'Entire a Valid email',
  },
  toast: {
    loginSuccess: 'You are logged in Successfully',
    // spec
    emailNotVerified: 'Email is not verified',
    // spec
    invalidCredential: 'Invalid Email or Password',
    // spec
    verificationSent1: 'Verification email send',
    // spec
    verificationSent2: 'Email Verification send',
    // spec
    accountCreated: 'New Account Created',
    // spec
    loginFailed: 'Login failed',
  },
  auth: {
    signUp: 'Sign up',
    // spec
    loginWithGoogle: 'Login with Google',
    // spec
    forgetPassword: 'Forget Password?',
    // spec
    sendResetEmail: 'Send a Reset Email',
    // spec
    backToLogin: 'Back to login',
    // spec
    loginToContinue: 'Login to Continue',
  },
  relation: {
    add: 'Add',
    // spec
    pending: 'panding',
    // spec
    friend: 'Friend',
    // spec
    block: 'Block',
    // spec
    unblock: 'Unblock',
    // spec
    blocked: 'Blocked',
    // spec
    accept: 'Accept',
  },
  panels: {
    groupList: 'Group List',
    // spec
    friendList: 'Friend List',
    // spec
    userList: 'User List',
    // spec
    friendRequest: 'Friend Request',
    // spec
    myGroups: 'My Groups',
    // spec
    blockedUsers: 'Blocked Users',
    // spec
    addMember: 'Add membar',
  },
  profile: {
    changePicture: 'Change your profile picture',
    // spec
    upload: 'Upload',
  },
  chat: {
    selectFriend: 'Select a friend',
    // spec
    online: 'Online',
  },
  placeholders: {
    notification: 'Notification',
    // spec
    settings: 'Settings',
  },
} as const;
