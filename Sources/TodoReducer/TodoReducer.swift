import TimeTravel
